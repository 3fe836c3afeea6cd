/** The part of autocannon's API that the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  type Histogram = {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  };
  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  };
  export type Options = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    overallRate?: number;
    duration?: number;
    timeout?: number;
    requests?: { method?: string; setupRequest?: (request: Request) => Request }[];
  };
  export type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
