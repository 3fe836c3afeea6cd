import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // The database drivers and the docs assets are loaded from node_modules at run time:
  // PGlite ships WebAssembly that bundling breaks; pdfkit reads its data files.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'swagger-ui-dist', 'pdfkit'],
  poweredByHeader: false,
  typedRoutes: false,
  // CI type-checks once with `npm run typecheck` before it builds (.ci/run).
  typescript: { ignoreBuildErrors: process.env.BUILD_SKIP_TYPECHECK === '1' },
  // A clean clone in CI never reads Turbopack's build cache back: writing it is wasted time.
  experimental: { turbopackFileSystemCacheForBuild: process.env.CI !== 'true' },
};

export default nextConfig;
