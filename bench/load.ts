// One bounded load run with autocannon in worker threads, so the generator is not the bottleneck.
import autocannon from "autocannon";

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

export async function load(
  url: string,
  {
    connections,
    seconds,
    method = "GET",
    body,
    headers,
  }: {
    connections: number;
    seconds: number;
    method?: "GET" | "POST";
    body?: string;
    headers?: Record<string, string>;
  },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    method,
    body,
    headers,
    workers: 2,
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}
