import type { GameDetail, GameLine, PlayerDetail, SeatLine, Sweep } from './queries';

/** The commands' answers as text for a terminal: aligned columns, times in UTC to the minute. */

/** Columns padded to their widest cell, two spaces apart. */
function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [headers, ...rows]
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const minute = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '-');

/** Who sits where, in a few words: names where there are, otherwise what the seat is. */
const who = (s: SeatLine) =>
  s.occupant === 'open' ? '(open)' : s.occupant === 'invited' ? `(invited: ${s.player})` : (s.name ?? s.bot ?? s.occupant);

const seatsCell = (seats: SeatLine[]) => seats.map(who).join(', ');

export function gameList(lines: GameLine[]): string {
  if (lines.length === 0) return 'no games match';
  return table(
    ['ID', 'KIND', 'STATUS', 'MOVES', 'CREATED (UTC)', 'UPDATED (UTC)', 'SEATS'],
    lines.map((g) => [g.id, g.kind, g.status, String(g.version), minute(g.createdAt), minute(g.updatedAt), seatsCell(g.seats)]),
  );
}

const fields = (pairs: [string, string][]) => table(['', ''], pairs).split('\n').slice(1).join('\n');

export function gameDetail(g: GameDetail): string {
  const result = g.result as { summary?: string } | null;
  return [
    fields([
      ['game', g.id],
      ['kind', g.kind],
      ['status', g.status],
      ['version', `${g.version} (revision ${g.revision})`],
      ['events', String(g.events)],
      ['options', JSON.stringify(g.options)],
      ['clock', g.clock ? JSON.stringify(g.clock) : 'none'],
      ['dealt by', g.dealtBy],
      ['seed hash', g.seedHash],
      ['seed', g.seed ?? '(secret until the game ends)'],
      ['result', result?.summary ?? '-'],
      ['created', `${g.createdAt}${g.createdBy ? ` by player ${g.createdBy}` : ''}`],
      ['updated', g.updatedAt],
      ...(g.rematchOf ? [['rematch of', g.rematchOf] as [string, string]] : []),
      ...(g.rematch ? [['rematch', g.rematch] as [string, string]] : []),
    ]),
    '',
    table(
      ['SEAT', 'OCCUPANT', 'NAME', 'PLAYER', 'BOT', 'DUE', 'DEADLINE (UTC)', 'RESIGNED', 'ASKED REMATCH'],
      g.seats.map((s) => [
        String(s.seat),
        s.occupant,
        s.name ?? '-',
        s.player ?? '-',
        s.bot ?? '-',
        s.due ? 'yes' : 'no',
        minute(s.deadline),
        s.resigned ? 'yes' : 'no',
        s.rematch ? 'yes' : 'no',
      ]),
    ),
  ].join('\n');
}

export function playerDetail(p: PlayerDetail): string {
  const games = p.games.length
    ? table(
        ['GAME', 'KIND', 'STATUS', 'MOVES', 'SEAT', 'AS', 'DUE', 'UPDATED (UTC)'],
        p.games.map((g) => [
          g.id,
          g.kind,
          g.status,
          String(g.version),
          String(g.seat),
          g.occupant,
          g.due ? 'yes' : 'no',
          minute(g.updatedAt),
        ]),
      )
    : 'no games';
  const webhooks = p.webhooks.length
    ? table(
        ['WEBHOOK', 'URL', 'DELIVERED UP TO', 'FAILED ATTEMPTS', 'FAILING SINCE', 'NEXT TRY', 'CREATED (UTC)'],
        p.webhooks.map((w) => [
          w.id,
          w.url,
          `${w.cursor} of ${p.notified}`,
          String(w.attempts),
          minute(w.failingSince),
          minute(w.retryAt),
          minute(w.createdAt),
        ]),
      )
    : 'no webhooks';
  return [
    fields([
      ['player', p.id],
      ['name', p.name],
      ['created', p.createdAt],
      ['notifications', String(p.notified)],
    ]),
    '',
    games,
    '',
    webhooks,
  ].join('\n');
}

export function sweep(s: Sweep, verb: 'abort' | 'purge'): string {
  const heading = `waiting tables nobody joined or left since ${s.before}${s.dryRun ? ` (dry run: nothing was changed)` : ''}`;
  if (s.games.length === 0) return `${heading}: none`;
  const past = verb === 'abort' ? 'aborted' : 'purged';
  const done = s.games.filter((g) => g.outcome === past).length;
  const summary = s.dryRun ? `${s.games.length} would be ${past}` : `${done} of ${s.games.length} ${past}`;
  return [
    `${heading}:`,
    table(
      ['ID', 'KIND', 'UPDATED (UTC)', 'SEATS', 'OUTCOME'],
      s.games.map((g) => [g.id, g.kind, minute(g.updatedAt), seatsCell(g.seats), g.outcome]),
    ),
    summary,
  ].join('\n');
}

/** What `ratings verify` found: all well, or each difference with its game. */
export function ratingsVerdict(v: {
  games: number;
  differences: { game: string; seat: number | null; detail: string }[];
}): string {
  if (v.differences.length === 0) return `ratings verified: ${v.games} rated games, every stored value recomputed exactly`;
  return [
    `ratings differ: ${v.differences.length} difference${v.differences.length === 1 ? '' : 's'} in ${v.games} rated games`,
    ...v.differences.map((d) => `  game ${d.game}${d.seat === null ? '' : ` seat ${d.seat}`}: ${d.detail}`),
  ].join('\n');
}
