"""An example bot: creates a game against the server's random bot, follows the game's stream, and
plays a legal action whenever its seat is due, to the end. Prints the outcome as one JSON line.

    python3 bot.py --base-url http://localhost:3000 --kind scopa --options '{"target": 1}'
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from card_table import Client, Problem, StreamEnd, View


def play(base_url: str, kind: str, options: dict | None, seed: int) -> dict:
    anyone = Client(base_url)
    seats = anyone.catalog_entry(kind)["seats"]["min"]
    game = anyone.create_game(kind, [{"name": "Python"}] + [{"bot": "random"}] * (seats - 1), options)
    me = anyone.with_token(game.seats[0].token)
    rng = random.Random(seed)
    moves = 0
    reason = None
    last: View | None = None
    for update in me.game_stream(game.id):
        if isinstance(update, StreamEnd):
            reason = update.reason
            break
        last = update
        if update.status == "active" and update.seat in update.to_act and update.legal_actions:
            try:
                me.move(game.id, rng.choice(update.legal_actions), update.version)
                moves += 1
            except Problem as e:
                # Someone (a bot, a clock) moved first: the stream brings the newer view.
                if e.code != "version-conflict":
                    raise
    final = me.view(game.id)
    return {
        "game": game.id,
        "kind": kind,
        "status": final.status,
        "end": reason,
        "moves": moves,
        "version": final.version,
        "lastStreamedVersion": last.version if last else None,
        "result": final.result.summary if final.result else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", default="http://localhost:3000")
    parser.add_argument("--kind", default="scopa")
    parser.add_argument("--options", default=None, help="the game's options, as JSON")
    parser.add_argument("--seed", type=int, default=1, help="seeds the bot's choice among the legal actions")
    args = parser.parse_args()
    outcome = play(args.base_url, args.kind, json.loads(args.options) if args.options else None, args.seed)
    print(json.dumps(outcome))
    return 0 if outcome["status"] == "finished" and outcome["end"] == "game-over" else 1


if __name__ == "__main__":
    sys.exit(main())
