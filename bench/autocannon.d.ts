/**
 * The part of autocannon 9's programmatic API the bench uses. The package ships no types and
 * @types/autocannon is not installed (no `npm install` here), so this declares just enough to keep
 * bench/ type-checked under `strict`.
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type RequestParams = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  };

  export type Request = RequestParams & {
    /** Called before each request is written; returning a falsy value restarts the sequence. */
    setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams | null | undefined;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
  };

  /** One connection. `setRequests` lets `setupClient` give each connection its own request sequence. */
  export interface Client extends EventEmitter {
    setHeaders(headers: Record<string, string>): void;
    setRequests(requests: Request[]): void;
  }

  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    setupClient?: (client: Client) => void;
    title?: string;
  };

  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  };

  export type Result = {
    title?: string;
    url: string;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
    errors: number;
    timeouts: number;
    mismatches: number;
    duration: number;
    start: Date;
    finish: Date;
    connections: number;
    non2xx: number;
    resets: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
  };

  /** The running instance: emits `response` (client, statusCode, resBytes, responseTime) per answer. */
  export interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
