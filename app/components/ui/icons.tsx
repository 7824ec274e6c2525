// The icon set, in two modules so that a page downloads only the group it uses: the common icons
// travel with the site's frame (vite.config.ts "shell" chunk), the others in a chunk of their own.
export type { IconProps } from "./icon";
export * from "./icons-common";
export * from "./icons-more";
