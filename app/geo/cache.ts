/** IBGE lists change only with a deploy: browsers and proxies may keep them a day. */
export const GEO_CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";
