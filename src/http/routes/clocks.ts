import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { type Correspondence, MAX_GIFT_SECONDS } from '../../service/correspondence';
import type { Players } from '../../service/players';
import { bearer } from '../auth';
import { sendJson } from '../json';
import { allProblems, GAME, PLAYER as PLAYER_PROBLEMS, problems, SEAT } from '../openapi/problems';
import { PLAYER, SEAT as SEAT_SECURITY } from '../openapi/security';
import { playerOf } from '../player-auth';
import { GameId, View } from '../schemas';
import { NewVacation, VacationStatus } from '../schemas/players';

const Gift = Type.Object(
  {
    seconds: Type.Integer({
      minimum: 1,
      maximum: MAX_GIFT_SECONDS,
      description: 'seconds to add to the seat’s time (a day at most)',
    }),
    seat: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 11,
        description: 'the due seat to give to; may be left out when one other seat is due',
      }),
    ),
  },
  { additionalProperties: false, description: 'time given to a due seat', examples: [{ seconds: 86400 }] },
);

/** POST /games/{id}/clock/give, POST and DELETE /players/me/vacation: correspondence clocks. */
export const clockRoutes: FastifyPluginAsyncTypebox<{ correspondence: Correspondence; players: Players }> = async (
  app,
  { correspondence, players },
) => {
  app.post(
    '/games/:id/clock/give',
    {
      schema: {
        operationId: 'giveTime',
        tags: ['play'],
        summary: 'Give a due seat more time (up to a day); answers with the giver’s view',
        description:
          'Another seated player adds `seconds` to a due seat’s time: a later deadline, a bank above its max if need be. One gift ' +
          'per turn per giver; the gift is an event in the log (`kind: gift`). 422 `no-clock`, `not-due`, `own-clock`; ' +
          '409 `already-given`.',
        params: GameId,
        body: Gift,
        security: SEAT_SECURITY,
        response: {
          200: View,
          ...problems(
            allProblems(GAME, SEAT, {
              409: ['game-waiting', 'game-over', 'already-given'],
              422: ['no-clock', 'not-due', 'own-clock'],
              503: ['busy'],
            }),
          ),
        },
      },
    },
    async (request, reply) => {
      const { etag, json } = await correspondence.give(request.params.id, bearer(request), request.body);
      return sendJson(reply.header('etag', etag), json);
    },
  );
  app.post(
    '/players/me/vacation',
    {
      schema: {
        operationId: 'startVacation',
        tags: ['players'],
        summary: 'Go on vacation: my clocks freeze in every game that allows it',
        description:
          'Starts now and lasts `days` whole days, charged to this calendar year’s allowance (VACATION_DAYS_PER_YEAR, default ' +
          '30). In each running game whose clock has `vacation: true`, my seat’s clock stops until the vacation ends or I move ' +
          'there; each such game’s log records the freeze (`kind: vacation`) and the resume (`kind: resume`). ' +
          '422 `no-vacation-left`; 409 `on-vacation`.',
        body: NewVacation,
        security: PLAYER,
        response: {
          200: VacationStatus,
          ...problems(allProblems(PLAYER_PROBLEMS, { 409: ['on-vacation'], 422: ['no-vacation-left'] })),
        },
      },
    },
    async (request) => correspondence.startVacation((await playerOf(request, players)).id, request.body.days),
  );
  app.delete(
    '/players/me/vacation',
    {
      schema: {
        operationId: 'endVacation',
        tags: ['players'],
        summary: 'End my vacation now: my frozen clocks run again',
        description: 'Only the whole days used stay charged (at least one). 409 `not-on-vacation`.',
        security: PLAYER,
        response: { 200: VacationStatus, ...problems(allProblems(PLAYER_PROBLEMS, { 409: ['not-on-vacation'] })) },
      },
    },
    async (request) => correspondence.endVacation((await playerOf(request, players)).id),
  );
};
