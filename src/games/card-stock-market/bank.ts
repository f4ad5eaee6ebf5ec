/**
 * The bank and the players' money. Money only moves between the bank and the players, so the players'
 * cash plus the bank's balance never changes; a debt is a claim of the bank on a player, not money.
 */

/** The bank's chips: forty each of $1, $5 and $25. */
export const BANK_START = 40 * (1 + 5 + 25);
/** Each player's opening balance (five $1, four $5, seven $25). */
export const OPENING_BALANCE = 200;
/** What every player deposits when the bank cannot pay a seller. */
export const LEVY = 100;

export interface Money {
  bank: number;
  cash: number[];
  /** What each player still owes the bank from levies it could not pay in full. */
  debt: number[];
}

/** One levy: called by a sale the bank could not pay; what each player deposited and the debt each took on. */
export interface Levy {
  seller: number;
  paid: number[];
  owed: number[];
}

/** Every player deposits $100; one with less pays all it has and owes the bank the rest. */
export function levy(m: Money, seller: number): { money: Money; levy: Levy } {
  const paid = m.cash.map((c) => Math.min(c, LEVY));
  const owed = paid.map((p) => LEVY - p);
  const money = {
    bank: m.bank + paid.reduce((a, b) => a + b, 0),
    cash: m.cash.map((c, i) => c - paid[i]),
    debt: m.debt.map((d, i) => d + owed[i]),
  };
  return { money, levy: { seller, paid, owed } };
}

/** A player pays the bank (a purchase); the caller has checked the player holds enough. */
export function payBank(m: Money, seat: number, amount: number): Money {
  return { bank: m.bank + amount, cash: m.cash.map((c, i) => (i === seat ? c - amount : c)), debt: m.debt };
}

/**
 * The bank pays a seller. A debt is paid first from the income, so only the rest leaves the bank; when
 * the bank holds less than that, every player deposits $100 first (again, if one levy is not enough).
 */
export function bankPays(m: Money, seat: number, amount: number): { money: Money; levies: Levy[] } {
  let money = m;
  const levies: Levy[] = [];
  const net = () => amount - Math.min(amount, money.debt[seat]);
  // Ends: the players' cash is all the bank lacks, and each levy moves some of it or adds to the seller's debt.
  while (money.bank < net()) {
    const next = levy(money, seat);
    money = next.money;
    levies.push(next.levy);
  }
  const paid = net();
  const settled = amount - paid;
  return {
    money: {
      bank: money.bank - paid,
      cash: money.cash.map((c, i) => (i === seat ? c + paid : c)),
      debt: money.debt.map((d, i) => (i === seat ? d - settled : d)),
    },
    levies,
  };
}
