/** The largest number a database INTEGER holds: no seq, version or id is larger. */
export const MAX_INT = 2_147_483_647;
