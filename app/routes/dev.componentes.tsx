import { data } from "react-router";

export function loader() {
  if (import.meta.env.PROD) throw data(null, { status: 404 });
  return null;
}

export default function ComponentGallery() {
  return <h1>Componentes</h1>;
}
