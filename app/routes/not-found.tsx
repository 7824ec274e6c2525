import { data } from "react-router";
import { ErrorState } from "~/components/layout/error-state";

export function meta() {
  return [
    { title: "Página não encontrada | Conecta Voluntário" },
    { name: "robots", content: "noindex" },
  ];
}

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <ErrorState
      code="404"
      title="Página não encontrada"
      message="O endereço que você abriu não existe ou foi removido."
    />
  );
}
