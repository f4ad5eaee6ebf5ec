import { describe, expect, it } from 'vitest';
import { inGroups } from './groups';

/** A writer that records its groups and finishes each when told to. */
function recorder() {
  const groups: number[][] = [];
  const finish: (() => void)[] = [];
  const write = (group: number[]) => {
    groups.push(group);
    return new Promise<void>((resolve) => finish.push(resolve));
  };
  return { groups, finish, write };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('group commit', () => {
  it('what is asked for in one turn of the event loop is written as one group, at the next turn', async () => {
    const { groups, write } = recorder();
    const ask = inGroups(write);
    ask(1);
    ask(2);
    ask(3);
    expect(groups).toEqual([]);
    await turn();
    expect(groups).toEqual([[1, 2, 3]]);
  });

  it('what is asked for while a group is being written goes into the next, written after it, in order', async () => {
    const { groups, finish, write } = recorder();
    const ask = inGroups(write);
    ask(1);
    await turn();
    ask(2);
    await turn();
    ask(3);
    await turn();
    expect(groups).toEqual([[1]]);
    finish[0]();
    await turn();
    expect(groups).toEqual([[1], [2, 3]]);
    finish[1]();
    await turn();
    ask(4);
    await turn();
    expect(groups).toEqual([[1], [2, 3], [4]]);
  });

  it('a group closes when the next item does not fit', async () => {
    const { groups, finish, write } = recorder();
    const ask = inGroups(write, (group) => group.length < 2);
    for (const n of [1, 2, 3, 4, 5]) ask(n);
    await turn();
    finish[0]();
    await turn();
    finish[1]();
    await turn();
    expect(groups).toEqual([[1, 2], [3, 4], [5]]);
  });
});
