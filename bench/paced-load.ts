/*
 * An open-loop load at a fixed rate, in its own process (like bench/load.ts): request i is due
 * at start + i / rate and is sent then whether or not earlier ones have answered (over up to
 * `connections` kept-alive sockets, more when they are all busy), and its latency is counted
 * from when it was due, so that a stalled server is charged for the requests it delayed.
 *
 * Why not autocannon's `overallRate`: autocannon 9 sends each connection's share of a second
 * back to back at the second's start, and corrects for coordinated omission with an expected
 * interval of `Math.ceil(1 / rate)` = 1 ms, so a response of L ms is recorded as L samples
 * (L, L - 1, …, 1): its percentiles weigh each request by its duration, and one 150 ms answer
 * among 200 puts the "p99" above 100 ms. Here each request is one sample.
 *
 * Reads its options (`url`, `headers`, `rate`, `duration` in seconds, `connections`) from the
 * JSON file named by argv[2]; prints `{requests, failed, latencies}` (ms, sorted) as JSON.
 */
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

type PacedOptions = {
  url: string;
  headers?: Record<string, string>;
  rate: number;
  duration: number;
  connections: number;
};

const {
  url,
  headers = {},
  rate,
  duration,
  connections,
} = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as PacedOptions;
const agent = new http.Agent({
  keepAlive: true,
  maxSockets: Infinity,
  maxFreeSockets: connections,
});

/** One GET, its body read whole: resolves with the status. */
const get = () =>
  new Promise<number>((resolve) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    request.on('error', () => resolve(0));
  });

const count = Math.round(rate * duration);
const latencies: number[] = [];
let failed = 0;
const start = performance.now() + 50;
await Promise.all(
  Array.from({ length: count }, async (_, i) => {
    const due = start + (i * 1000) / rate;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    const status = await get();
    latencies.push(performance.now() - due);
    if (status !== 200) failed++;
  }),
);
agent.destroy();
latencies.sort((a, b) => a - b);
process.stdout.write(JSON.stringify({ requests: count, failed, latencies }));
