import { useEffect, useState } from 'preact/hooks';
import { onReached, UNREACHABLE } from './api';

/** How a page shows what went wrong: read out by screen readers as it appears. */
export function Alert({ problem }: { problem: string | null }) {
  return problem ? (
    <p role="alert" class="problem">
      {problem}
    </p>
  ) : null;
}

/** A game's page before its summary arrives: its heading, then the problem that stopped it or "Loading…". */
export function Loading({ title, problem }: { title: string; problem: string | null }) {
  return (
    <>
      <h1 tabIndex={-1}>{title}</h1>
      {problem ? <Alert problem={problem} /> : <p>Loading…</p>}
    </>
  );
}

/**
 * A page's problem, as useState holds it, except that "the server cannot be reached" goes by itself
 * once a request is answered again (the stream back, a view read): it is no longer true.
 */
export function useProblem(): [string | null, (problem: string | null) => void] {
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => onReached(() => setProblem((p) => (p?.includes(UNREACHABLE) ? null : p))), []);
  return [problem, setProblem];
}
