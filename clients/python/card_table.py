"""A client for the card-table API in Python's standard library alone (3.11+).

urllib for requests, http.client for Server-Sent Events, dataclasses for the shapes it reads, and
webhook signature checks: Standard Webhooks `v1` (HMAC-SHA256) with hmac, and `v1a` (Ed25519) with
a small RFC 8032 verifier below (the standard library has no Ed25519). The shapes follow
openapi/openapi.json and openapi/asyncapi.json; fields this client does not read are kept in `raw`.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import http.client
import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import Any, Iterator


class Problem(Exception):
    """An RFC 9457 problem the server answered with: its status and stable code."""

    def __init__(self, status: int, code: str, detail: str):
        super().__init__(f"{status} {code}: {detail}")
        self.status = status
        self.code = code
        self.detail = detail


@dataclass
class Seat:
    seat: int
    occupant: str
    name: str | None = None
    token: str | None = None


@dataclass
class CreatedGame:
    id: str
    kind: str
    status: str
    seats: list[Seat]

    @classmethod
    def of(cls, body: dict[str, Any]) -> CreatedGame:
        seats = [Seat(s["seat"], s["occupant"], s.get("name"), s.get("token")) for s in body["seats"]]
        return cls(body["id"], body["kind"], body["status"], seats)


@dataclass
class Result:
    winners: list[int]
    summary: str


@dataclass
class View:
    """A seat's view (or a spectator's): `state` is the game's own shape, by `kind`."""

    id: str
    kind: str
    version: int
    seat: int | None
    status: str
    to_act: list[int]
    legal_actions: list[dict[str, Any]]
    scores: list[float]
    result: Result | None
    raw: dict[str, Any] = field(repr=False)

    @classmethod
    def of(cls, body: dict[str, Any]) -> View:
        result = body.get("result")
        return cls(
            id=body["id"],
            kind=body["kind"],
            version=body["version"],
            seat=body.get("seat"),
            status=body["status"],
            to_act=body["toAct"],
            legal_actions=body["legalActions"],
            scores=body["scores"],
            result=Result(result["winners"], result["summary"]) if result else None,
            raw=body,
        )


@dataclass
class Notification:
    """What a player is told (the player stream, a webhook's `data`): its `type` says which fields come."""

    seq: int
    type: str
    at: str
    raw: dict[str, Any] = field(repr=False)

    @property
    def game(self) -> str | None:
        return self.raw.get("game")

    @classmethod
    def of(cls, body: dict[str, Any]) -> Notification:
        return cls(body["seq"], body["type"], body["at"], body)


@dataclass
class StreamEnd:
    reason: str


@dataclass
class Message:
    """One Server-Sent Events message: its event name, its id, and its data parsed."""

    event: str
    id: str | None
    data: Any


class Client:
    """One client per credential: a seat token, a player token, or none (a spectator)."""

    def __init__(self, base_url: str, token: str | None = None, timeout: float = 30):
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def with_token(self, token: str) -> Client:
        return Client(self.base_url, token, self.timeout)

    def _headers(self) -> dict[str, str]:
        headers = {"accept": "application/json"}
        if self.token:
            headers["authorization"] = f"Bearer {self.token}"
        return headers

    def request(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        headers = self._headers()
        if data is not None:
            headers["content-type"] = "application/json"
        req = urllib.request.Request(self.base_url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as res:
                text = res.read()
                return json.loads(text) if text else None
        except urllib.error.HTTPError as e:
            problem = json.loads(e.read() or b"{}")
            raise Problem(e.code, problem.get("code", "unknown"), problem.get("detail", "")) from None

    # The operations a bot needs; the rest are one `request` away.
    def catalog_entry(self, kind: str) -> dict[str, Any]:
        return self.request("GET", f"/catalog/{urllib.parse.quote(kind)}")

    def create_player(self, name: str) -> dict[str, Any]:
        return self.request("POST", "/players", {"name": name})

    def create_game(self, kind: str, seats: Any, options: dict[str, Any] | None = None) -> CreatedGame:
        body: dict[str, Any] = {"kind": kind, "seats": seats}
        if options:
            body["options"] = options
        return CreatedGame.of(self.request("POST", "/games", body))

    def view(self, game_id: str) -> View:
        return View.of(self.request("GET", f"/games/{game_id}/view"))

    def move(self, game_id: str, action: dict[str, Any], expected_version: int) -> dict[str, Any]:
        return self.request("POST", f"/games/{game_id}/moves", {"action": action, "expectedVersion": expected_version})

    def create_webhook(self, url: str, signing: str = "hmac") -> dict[str, Any]:
        return self.request("POST", "/players/me/webhooks", {"url": url, "signing": signing})

    def webhook_key(self) -> str:
        """The public key (whpk_...) that verifies `v1a` webhook signatures."""
        return self.request("GET", "/webhooks/key")["publicKey"]

    def stream(self, path: str, last_event_id: str | None = None) -> Iterator[Message]:
        """Follows a Server-Sent Events route, one message at a time, until the server closes it."""
        url = urllib.parse.urlsplit(self.base_url + path)
        conn_type = http.client.HTTPSConnection if url.scheme == "https" else http.client.HTTPConnection
        conn = conn_type(url.hostname, url.port, timeout=self.timeout)
        headers = {**self._headers(), "accept": "text/event-stream"}
        if last_event_id is not None:
            headers["last-event-id"] = last_event_id
        try:
            conn.request("GET", url.path + (f"?{url.query}" if url.query else ""), headers=headers)
            res = conn.getresponse()
            if res.status != 200:
                problem = json.loads(res.read() or b"{}")
                raise Problem(res.status, problem.get("code", "unknown"), problem.get("detail", ""))
            event, event_id, data = None, None, []
            while True:
                raw = res.readline()
                if not raw:
                    return
                line = raw.decode().rstrip("\r\n")
                if line == "":
                    if data:
                        yield Message(event or "message", event_id, json.loads("\n".join(data)))
                    event, event_id, data = None, None, []
                    continue
                if line.startswith(":"):
                    continue  # a comment: the stream's opening or a heartbeat
                name, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if name == "event":
                    event = value
                elif name == "id":
                    event_id = value
                elif name == "data":
                    data.append(value)
        finally:
            conn.close()

    def game_stream(self, game_id: str) -> Iterator[View | StreamEnd]:
        """A game's stream: the seat's View after every change, then a StreamEnd."""
        for m in self.stream(f"/games/{game_id}/stream"):
            if m.event == "view":
                yield View.of(m.data)
            elif m.event == "end":
                yield StreamEnd(m.data["reason"])
                return

    def player_stream(self, after: int | None = None) -> Iterator[Notification | StreamEnd]:
        """My stream: every notification, then a StreamEnd when the server closes it."""
        for m in self.stream("/players/me/stream" + ("" if after is None else f"?after={after}")):
            if m.event == "end":
                yield StreamEnd(m.data["reason"])
                return
            yield Notification.of(m.data)


class InvalidSignature(Exception):
    pass


def _signed_content(headers: dict[str, str], body: bytes) -> tuple[bytes, list[str]]:
    lower = {k.lower(): v for k, v in headers.items()}
    content = f"{lower['webhook-id']}.{lower['webhook-timestamp']}.".encode() + body
    return content, lower["webhook-signature"].split(" ")


def verify_webhook(headers: dict[str, str], body: bytes, secret: str | None = None, public_key: str | None = None) -> dict[str, Any]:
    """
    Checks a webhook's Standard Webhooks signature (`v1` with the secret, `v1a` with the public key of
    GET /webhooks/key) and answers its body, `{ type, timestamp, data }`; raises InvalidSignature.
    A receiver should also refuse a webhook-timestamp far from now, and drop a webhook-id seen before.
    """
    content, signatures = _signed_content(headers, body)
    for signature in signatures:
        version, _, value = signature.partition(",")
        if version == "v1" and secret is not None:
            key = base64.b64decode(secret.removeprefix("whsec_"))
            expected = base64.b64encode(hmac.new(key, content, hashlib.sha256).digest()).decode()
            if hmac.compare_digest(expected, value):
                return json.loads(body)
        if version == "v1a" and public_key is not None:
            if ed25519_verify(base64.b64decode(public_key.removeprefix("whpk_")), content, base64.b64decode(value)):
                return json.loads(body)
    raise InvalidSignature("no signature verifies")


# Ed25519 verification (RFC 8032, section 5.1.7), on Python's integers: points in extended coordinates.
_P = 2**255 - 19
_L = 2**252 + 27742317777372353535851937790883648493
_D = -121665 * pow(121666, _P - 2, _P) % _P
_SQRT_M1 = pow(2, (_P - 1) // 4, _P)


def _recover_x(y: int, sign: int) -> int | None:
    if y >= _P:
        return None
    x2 = (y * y - 1) * pow(_D * y * y + 1, _P - 2, _P) % _P
    if x2 == 0:
        return None if sign else 0
    x = pow(x2, (_P + 3) // 8, _P)
    if (x * x - x2) % _P != 0:
        x = x * _SQRT_M1 % _P
    if (x * x - x2) % _P != 0:
        return None
    return _P - x if (x & 1) != sign else x


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    ea = (a[1] - a[0]) * (b[1] - b[0]) % _P
    eb = (a[1] + a[0]) * (b[1] + b[0]) % _P
    c = 2 * a[3] * b[3] * _D % _P
    d = 2 * a[2] * b[2] % _P
    e, f, g, h = eb - ea, d - c, d + c, eb + ea
    return (e * f % _P, g * h % _P, f * g % _P, e * h % _P)


def _mul(s: int, point: tuple[int, ...]) -> tuple[int, ...]:
    q = (0, 1, 1, 0)
    while s > 0:
        if s & 1:
            q = _add(q, point)
        point = _add(point, point)
        s >>= 1
    return q


def _decompress(s: bytes) -> tuple[int, ...] | None:
    y = int.from_bytes(s, "little")
    sign = y >> 255
    y &= (1 << 255) - 1
    x = _recover_x(y, sign)
    return None if x is None else (x, y, 1, x * y % _P)


_GY = 4 * pow(5, _P - 2, _P) % _P
_GX = _recover_x(_GY, 0)
_G = (_GX, _GY, 1, _GX * _GY % _P)


def ed25519_verify(public_key: bytes, message: bytes, signature: bytes) -> bool:
    if len(public_key) != 32 or len(signature) != 64:
        return False
    a = _decompress(public_key)
    r = _decompress(signature[:32])
    s = int.from_bytes(signature[32:], "little")
    if a is None or r is None or s >= _L:
        return False
    h = int.from_bytes(hashlib.sha512(signature[:32] + public_key + message).digest(), "little") % _L
    left, right = _mul(s, _G), _add(r, _mul(h, a))
    # Projective points are equal when X1*Z2 == X2*Z1 and Y1*Z2 == Y2*Z1.
    return (left[0] * right[2] - right[0] * left[2]) % _P == 0 and (left[1] * right[2] - right[1] * left[2]) % _P == 0
