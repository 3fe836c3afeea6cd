import fs from 'node:fs/promises';
import path from 'node:path';

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>Equestrian Platform API reference</title>
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
</head>
<body>
  <div id="reference"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', persistAuthorization: true });
  </script>
</body>
</html>`;

/** `/api/docs`: an interactive reference of `/api/openapi.json`, served from our own assets. */
export async function docsResponse(subpath: string): Promise<Response | null> {
  if (subpath === '' || subpath === '/') {
    return new Response(PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  }
  const asset = /^\/assets\/([\w.-]+)$/.exec(subpath)?.[1];
  const type = asset ? ASSETS[asset] : undefined;
  if (!asset || !type) return null;
  const file = path.join(process.cwd(), 'node_modules', 'swagger-ui-dist', asset);
  return new Response(await fs.readFile(file), {
    headers: { 'content-type': type, 'cache-control': 'public, max-age=86400' },
  });
}
