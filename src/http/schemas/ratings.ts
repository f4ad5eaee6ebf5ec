import Type from 'typebox';
import { PROVISIONAL_SIGMA } from '../../ratings';
import { named } from '../openapi/components';

/** Ratings: leaderboards, public profiles, rating histories, and what a rated game changed. */

// Kind and Cursor as the other schemas say them, written here: schemas.ts imports this file for the summary.
const Kind = Type.String({ description: 'the game’s kind, from GET /catalog' });
const Cursor = Type.String({ minLength: 1, maxLength: 500, description: 'the `next` of the previous page' });

const SCALE = 'the shown rating: round((mu - 3 sigma) * 40 + 1000), never clamped (a newcomer shows 1000)';
const PROVISIONAL = `true while sigma is above ${PROVISIONAL_SIGMA}: the rating rests on few games yet and may move a lot (shown as "?")`;

const ratingFields = {
  rating: Type.Integer({ description: SCALE }),
  mu: Type.Number({ description: 'openskill’s estimate of skill (Plackett-Luce; 25 for a newcomer)' }),
  sigma: Type.Number({ description: 'the uncertainty of mu (25/3 for a newcomer; it shrinks with each game)' }),
};

export const RatingValue = named(
  'RatingValue',
  Type.Object(ratingFields, { description: 'a rating: the shown integer, and openskill’s mu and sigma it comes from' }),
);

const Identity = Type.Object(
  {
    id: Type.String({ description: 'a player id, or bot:<name> for a bot (bot:random, bot:greedy, bot:expert)' }),
    name: Type.String({ description: 'the player’s name, or the bot’s title' }),
    bot: Type.Boolean({ description: 'a bot: one rated identity per bot name, moved only by games against people' }),
  },
  { description: 'a rated identity' },
);

const KindRating = {
  ...ratingFields,
  games: Type.Integer({ description: 'rated games of this kind played' }),
  provisional: Type.Boolean({ description: PROVISIONAL }),
};

const Next = Type.Union([Type.String(), Type.Null()], { description: 'the cursor of the next page, or null at the end' });

export const RatingChange = named(
  'RatingChange',
  Type.Object(
    {
      seat: Type.Integer({ description: 'the seat' }),
      player: Type.String({ description: 'the rated identity who held it: a player id, or bot:<name>' }),
      before: RatingValue,
      after: RatingValue,
    },
    { description: 'what a rated game did to one seat’s rating of its kind' },
  ),
);

export const RatingChanges = Type.Array(RatingChange, {
  description:
    'a finished rated game’s rating changes, by seat (a bot holding two seats is not moved, so not listed); absent for an unrated game',
});

export const KindParams = Type.Object({ kind: Type.String({ minLength: 1, maxLength: 40, description: 'the game kind' }) });
export const PlayerParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100, description: 'a player id, or bot:<name>' }),
});
export const PlayerKindParams = Type.Object({ ...PlayerParams.properties, ...KindParams.properties });

export const PageQuery = Type.Object({
  cursor: Type.Optional(Cursor),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'at most this many items' })),
});

export const Leaderboard = named(
  'Leaderboard',
  Type.Object(
    {
      items: Type.Array(Type.Object({ player: Identity, ...KindRating }, { description: 'one rated identity' }), {
        description: 'settled ratings first, then provisional ones; each by rating (mu - 3 sigma), highest first',
      }),
      next: Next,
    },
    { description: 'a page of one kind’s leaderboard' },
  ),
);

export const Profile = named(
  'Profile',
  Type.Object(
    {
      ...Identity.properties,
      ratings: Type.Array(Type.Object({ kind: Kind, ...KindRating }, { description: 'the rating of one kind' }), {
        description: 'a rating per kind played rated, by kind',
      }),
      recent: Type.Array(
        Type.Object(
          {
            id: Type.String({ description: 'the game id' }),
            kind: Kind,
            seat: Type.Integer({ description: 'the seat held' }),
            finishedAt: Type.String({ format: 'date-time', description: 'when the game finished' }),
            won: Type.Boolean({ description: 'the seat is among the winners' }),
            change: Type.Union([Type.Object({ before: RatingValue, after: RatingValue }), Type.Null()], {
              description: 'the rating change, or null for an unrated game',
            }),
          },
          { description: 'a finished game' },
        ),
        { description: 'the newest finished games, at most 20 (a bot’s rated ones only)' },
      ),
    },
    { description: 'a public profile: a player’s or a bot’s ratings and recent games' },
  ),
);

export const RatingHistory = named(
  'RatingHistory',
  Type.Object(
    {
      items: Type.Array(
        Type.Object(
          {
            gameId: Type.String({ description: 'the rated game' }),
            finishedAt: Type.String({ format: 'date-time', description: 'when it finished' }),
            before: RatingValue,
            after: RatingValue,
          },
          { description: 'one rated game’s change' },
        ),
        { description: 'oldest first' },
      ),
      next: Next,
    },
    { description: 'a page of one identity’s rating changes in one kind' },
  ),
);
