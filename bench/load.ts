/*
 * One autocannon run, in its own process so that the load generator does not share an event
 * loop with bench/run.ts. Reads its options from the JSON file named by argv[2] and prints the result as JSON.
 * With `bodies`, each request sends the next body in turn (distinct writes).
 */
import fs from 'node:fs';
import autocannon, { type Options } from 'autocannon';

type LoadOptions = Omit<Options, 'requests'> & { bodies?: string[] };

const { bodies, ...options } = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as LoadOptions;
let next = 0;
const result = await autocannon({
  ...options,
  ...(bodies && {
    requests: [
      { setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) },
    ],
  }),
});
process.stdout.write(JSON.stringify(result));
