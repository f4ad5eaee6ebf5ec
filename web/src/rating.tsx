import { useEffect, useState } from 'preact/hooks';
import type { Profile, RatingChange } from '../../clients/typescript/src/types.gen';
import { api } from './api';
import { href } from './route';

/** What "provisional" means, where a provisional rating shows. */
export const PROVISIONAL_NOTE =
  'Provisional: the rating rests on few rated games yet, so it may still move a lot; it settles as more games are played.';

/** A rating as shown: provisional ones carry a "?" and say why on hover and to screen readers. */
export function Rating({ rating, provisional }: { rating: number; provisional: boolean }) {
  return provisional ? (
    <span class="rating" title={PROVISIONAL_NOTE}>
      {rating}?<span class="sr"> (provisional)</span>
    </span>
  ) : (
    <span class="rating">{rating}</span>
  );
}

/** "+12", "−3", "±0": a rating's change. */
export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');

/** A rating change in words: "927 → 875 (−52)". */
export const changeText = (c: Pick<RatingChange, 'before' | 'after'>) =>
  `${c.before.rating} → ${c.after.rating} (${signed(c.after.rating - c.before.rating)})`;

/** Profiles fetched once per page load: names show ratings on every render without asking again. */
const profiles = new Map<string, Promise<Profile | null>>();
function profileOf(id: string): Promise<Profile | null> {
  let held = profiles.get(id);
  if (!held) {
    // A profile that cannot be read shows no rating: the name stands alone.
    held = api.profile(id).catch(() => null);
    profiles.set(id, held);
  }
  return held;
}

/** The rated identity holding a seat: a player's id, or bot:<name>. */
export const ratedId = (s: { player?: string; bot?: string }) => s.player ?? (s.bot ? `bot:${s.bot}` : undefined);

/**
 * A name's rating in one kind, beside it in parentheses (`bare`: on its own, after a label): nothing
 * until it is known, "1000?" for a newcomer.
 */
export function RatingOf({ id, kind, bare = false }: { id: string; kind: string; bare?: boolean }) {
  const [profile, setProfile] = useState<Profile | null>(null);
  useEffect(() => {
    let live = true;
    profileOf(id).then((p) => live && setProfile(p));
    return () => {
      live = false;
    };
  }, [id]);
  if (!profile) return null;
  // A newcomer to the kind shows as the API rates one: 1000, provisional.
  const r = profile.ratings.find((x) => x.kind === kind) ?? { rating: 1000, provisional: true };
  if (bare) return <Rating rating={r.rating} provisional={r.provisional} />;
  return (
    <>
      {' '}
      (<Rating rating={r.rating} provisional={r.provisional} />)
    </>
  );
}

/** A seat's name linking to its profile, with its rating in the kind when the game is rated. */
export function RatedName({
  name,
  seat,
  kind,
  rated,
}: {
  name: string;
  seat: { player?: string; bot?: string };
  kind: string;
  rated: boolean;
}) {
  const id = ratedId(seat);
  if (!id) return <>{name}</>;
  return (
    <>
      <a href={href({ page: 'player', id })}>{name}</a>
      {rated && <RatingOf id={id} kind={kind} />}
    </>
  );
}

/** A seat panel's rating line: the seat's rating in the kind, then, once a rated game is over, its change ("+12"). */
export function SeatRating({
  seat,
  kind,
  change,
}: {
  seat: { player?: string; bot?: string };
  kind: string;
  change?: Pick<RatingChange, 'before' | 'after'>;
}) {
  const id = ratedId(seat);
  if (!id) return null;
  if (change) {
    return (
      <div class="stat">
        Rating: <strong>{changeText(change)}</strong>
      </div>
    );
  }
  return (
    <div class="stat">
      Rating: <RatingOf id={id} kind={kind} bare />
    </div>
  );
}
