import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // The database drivers and the docs assets are loaded from node_modules at run time:
  // PGlite ships WebAssembly that bundling breaks.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'swagger-ui-dist'],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
