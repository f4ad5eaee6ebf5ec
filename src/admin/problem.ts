/** What the command line was asked cannot be done (an unknown id, a game not over, no database): exit 1. */
export class Refused extends Error {
  readonly exitCode: number = 1;
}

/** The command line itself is wrong (an unknown command or option, a bad value): exit 2, with the usage. */
export class UsageError extends Refused {
  override readonly exitCode = 2;
}
