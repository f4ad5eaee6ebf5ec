/**
 * Group commit, written once: what is asked for in one turn of the event loop goes into one group,
 * groups are written one at a time in the order they were asked for, and what is asked for while a
 * group is being written waits and goes into the next. Under load one write (a transaction, a
 * NOTIFY) so carries many requests, not one each; alone, a request is written at the next turn.
 *
 * `write` settles each of its items itself and never rejects; `fits` says whether one more item
 * may join a group (a count or size limit).
 */
export function inGroups<T>(
  write: (group: T[]) => void | Promise<void>,
  fits: (group: readonly T[], next: T) => boolean = () => true,
): (item: T) => void {
  const waiting: T[][] = [];
  let writing = false;
  async function drain() {
    for (let group = waiting.shift(); group; group = waiting.shift()) await write(group);
    writing = false;
  }
  return (item) => {
    const last = waiting.at(-1);
    if (last && fits(last, item)) last.push(item);
    else waiting.push([item]);
    if (!writing) {
      writing = true;
      setImmediate(drain);
    }
  };
}
