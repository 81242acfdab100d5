/**
 * The benchmark's client in a process of its own (bench/saved-searches/hostile/sides.ts forks it): it
 * sends each request it is given over HTTP and answers how long the answer took, so that the
 * server's work after answering (on the embedded database, in the server's one thread) is not
 * counted against the request, as for a browser elsewhere.
 *
 *   takes: { id, url, headers, body }
 *   sends: { id, ms, status, body }
 */
interface Job {
  id: number;
  url: string;
  headers: Record<string, string>;
  body: string;
}

process.on('message', (job: Job) => {
  void (async () => {
    const started = performance.now();
    const res = await fetch(job.url, { method: 'POST', headers: job.headers, body: job.body });
    const body = await res.text();
    process.send?.({ id: job.id, ms: performance.now() - started, status: res.status, body });
  })();
});
process.on('disconnect', () => process.exit(0));
