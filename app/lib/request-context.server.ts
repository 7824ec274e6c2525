import { createContext } from "react-router";

/** Who is on the other end of the request, as the HTTP server saw it. */
export const clientContext = createContext<{ ip: string }>({ ip: "unknown" });
