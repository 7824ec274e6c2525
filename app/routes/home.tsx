export function meta() {
  return [{ title: "Conecta Voluntário" }];
}

export default function Home() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-3xl font-bold">Conecta Voluntário</h1>
    </section>
  );
}
