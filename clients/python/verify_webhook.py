"""Checks one webhook delivery's signature: reads `{ headers, body, secret?, publicKey? }` as JSON on
standard input; prints the body's type and exits 0 when a signature verifies, 1 when none does.

    echo '{"headers": {...}, "body": "...", "secret": "whsec_..."}' | python3 verify_webhook.py
"""

from __future__ import annotations

import json
import sys

from card_table import InvalidSignature, verify_webhook


def main() -> int:
    delivery = json.load(sys.stdin)
    try:
        body = verify_webhook(
            delivery["headers"], delivery["body"].encode(), secret=delivery.get("secret"), public_key=delivery.get("publicKey")
        )
    except InvalidSignature as e:
        print(f"refused: {e}")
        return 1
    print(f"verified: {body['type']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
