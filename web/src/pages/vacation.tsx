import { useEffect, useState } from 'preact/hooks';
import type * as Gen from '../../../clients/typescript/src/types.gen';
import { api, type Player, problemText } from '../api';
import { Alert, useProblem } from '../problem';

/** The player's vacation: days left this year, a button to go (for a number of days), or to come back early. */
export function VacationBox({ player }: { player: Player }) {
  const [status, setStatus] = useState<Gen.VacationStatus | null>(null);
  const [days, setDays] = useState(7);
  const [problem, setProblem] = useProblem();
  useEffect(() => {
    api.me(player.token).then(
      (me) => setStatus(me.vacation ?? null),
      (e) => setProblem(problemText(e)),
    );
  }, [player.token]);
  const act = async (change: () => Promise<Gen.VacationStatus>) => {
    setProblem(null);
    try {
      setStatus(await change());
    } catch (e) {
      setProblem(problemText(e));
    }
  };
  if (!status) return <Alert problem={problem} />;
  return (
    <div class="vacation">
      <Alert problem={problem} />
      {status.until ? (
        <p>
          On vacation until {new Date(status.until).toLocaleString()}: your clocks are stopped in the games that allow it.{' '}
          <button type="button" class="secondary" onClick={() => act(() => api.endVacation(player.token))}>
            I am back
          </button>
        </p>
      ) : (
        <form
          class="row"
          onSubmit={(e) => {
            e.preventDefault();
            void act(() => api.startVacation(days, player.token));
          }}
        >
          <label for="vacation-days">Vacation days</label>
          <input
            id="vacation-days"
            type="number"
            min={1}
            max={Math.max(1, status.daysLeft)}
            value={days}
            onInput={(e) => setDays(e.currentTarget.valueAsNumber)}
          />
          <button type="submit" class="secondary" disabled={status.daysLeft === 0}>
            Go on vacation
          </button>
          <span class="muted">
            {status.daysLeft} of {status.daysPerYear} days left this year
          </span>
        </form>
      )}
    </div>
  );
}
