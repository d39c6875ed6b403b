#!/usr/bin/env python3
"""Example client of the open distribution API (docs/open-api.md), standard library only.

Signs every request as an API user (X-Tw-App-Key, X-Tw-Timestamp, X-Tw-Nonce,
X-Tw-Signature) and, through the gateway of `make run`, searches the hotels bookable for a
stay, prices the first one's products, books the first bookable product with an
Idempotency-Key, sends the same booking again (answered with the same order), and reads the
order back. With --webhook-port it first sets the distributor's webhook to a small receiver it
runs on that port, and prints each delivery that arrives, with whether its signature verified
with the webhook's secret.

    TW_APP_KEY=... TW_APP_SECRET=... python3 scripts/open-api-client.py \
        [--base http://127.0.0.1:8080] [--checkin YYYY-MM-DD] [--nights 1] [--webhook-port 9099]
"""

import argparse
import datetime
import hashlib
import hmac
import http.server
import json
import os
import secrets
import sys
import threading
import time
import urllib.error
import urllib.request

PREFIX = "/api/hotel-app"


def sign(secret, method, path_and_query, ts_ms, nonce, body):
    canonical = "\n".join(
        [method.upper(), path_and_query, str(ts_ms), nonce, hashlib.sha256(body).hexdigest()]
    )
    return hmac.new(secret.encode(), canonical.encode(), hashlib.sha256).hexdigest()


def call(base, key, secret, method, path_and_query, body=None, headers=None):
    """One signed request; answers (status, response headers, JSON body)."""
    data = b"" if body is None else json.dumps(body).encode()
    ts = int(time.time() * 1000)
    nonce = secrets.token_hex(16)
    full = PREFIX + path_and_query
    h = {
        "X-Tw-App-Key": key,
        "X-Tw-Timestamp": str(ts),
        "X-Tw-Nonce": nonce,
        "X-Tw-Signature": sign(secret, method, full, ts, nonce, data),
        "Accept-Language": "en",
    }
    if body is not None:
        h["Content-Type"] = "application/json"
    h.update(headers or {})
    req = urllib.request.Request(base + full, data=data if body is not None else None,
                                 headers=h, method=method)
    try:
        with urllib.request.urlopen(req, timeout=30) as res:
            return res.status, res.headers, json.load(res)
    except urllib.error.HTTPError as e:
        return e.code, e.headers, json.load(e)


def must(answer, what):
    status, _, body = answer
    if status != 200 or body.get("state") != "success":
        sys.exit(f"{what}: {status} {body.get('code')} {body.get('msg')}")
    return body["data"]


def receiver(port, secret_box, seen):
    """A webhook receiver on 127.0.0.1:port checking each delivery's X-Tw-Signature."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            ts = self.headers.get("X-Tw-Timestamp", "")
            wid = self.headers.get("X-Tw-Webhook-Id", "")
            try:
                expected = sign(secret_box[0], "POST", self.path, int(ts), wid, body)
            except ValueError:
                expected = ""
            good = hmac.compare_digest(expected, self.headers.get("X-Tw-Signature", ""))
            seen.append((wid, good, json.loads(body or b"null")))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--base", default=os.environ.get("TW_BASE", "http://127.0.0.1:8080"))
    p.add_argument("--checkin", default=(datetime.date.today() + datetime.timedelta(days=7)).isoformat())
    p.add_argument("--nights", type=int, default=1)
    p.add_argument("--webhook-port", type=int, default=0,
                   help="run a webhook receiver on this port and set the distributor's webhook to it")
    a = p.parse_args()
    key, secret = os.environ.get("TW_APP_KEY"), os.environ.get("TW_APP_SECRET")
    if not key or not secret:
        sys.exit("set TW_APP_KEY and TW_APP_SECRET (the API user's app key and secret)")
    checkout = (datetime.date.fromisoformat(a.checkin) + datetime.timedelta(days=a.nights)).isoformat()
    stay = f"checkinDate={a.checkin}&checkoutDate={checkout}&roomNum=1"

    secret_box, seen = [""], []
    if a.webhook_port:
        receiver(a.webhook_port, secret_box, seen)
        url = f"http://127.0.0.1:{a.webhook_port}/tw-webhook"
        hook = must(call(a.base, key, secret, "PUT", "/open/v1/webhook", {"url": url}), "set the webhook")
        secret_box[0] = hook["secret"]
        print(f"webhook set to {url}")

    hotels = must(call(a.base, key, secret, "GET", f"/open/v1/hotels?{stay}"), "search")
    print(f"{hotels['sizeAll']} hotel(s) bookable {a.checkin} to {checkout}")
    product = None
    for h in hotels["results"]:
        products = must(call(a.base, key, secret, "GET",
                             f"/open/v1/hotels/{h['hotelId']}/products?{stay}"), "products")
        product = next((x for x in products if x["bookable"]), None)
        if product:
            break
    if not product:
        sys.exit("nothing bookable for that stay")
    print(f"booking {product['productName']} ({product['roomName']}): {product['totalPrice'] / 100:.2f}")

    form = {
        "productId": product["productId"], "checkinDate": a.checkin, "checkoutDate": checkout,
        "roomNum": 1, "contactName": "Li Lei", "contactPhone": "13812345678",
        "guests": [{"name": "Li Lei"}], "channelOrderId": "example-" + secrets.token_hex(4),
    }
    idem = {"Idempotency-Key": "example-" + secrets.token_hex(8)}
    first = call(a.base, key, secret, "POST", "/open/v1/orders", form, idem)
    order = must(first, "book")
    print(f"order {order['orderId']}: state {order['orderState']}, pay state {order['payState']}, "
          f"replayed {first[1].get('Idempotent-Replayed')}")
    again = call(a.base, key, secret, "POST", "/open/v1/orders", form, idem)
    same = must(again, "book again")
    print(f"same key again: order {same['orderId']}, replayed {again[1].get('Idempotent-Replayed')}")
    loaded = must(call(a.base, key, secret, "GET", f"/open/v1/orders/{order['orderId']}"), "load")
    print(json.dumps(loaded, ensure_ascii=False, indent=2))
    if a.webhook_port:
        deadline = time.time() + 10
        while time.time() < deadline and not any(e.get("orderId") == order["orderId"] for _, _, e in seen):
            time.sleep(0.2)
        for wid, good, event in seen:
            print(f"webhook {wid}: {event.get('event')} order {event.get('orderId')} "
                  f"state {event.get('orderState')} (signature {'verified' if good else 'WRONG'})")
        if not seen:
            print("no webhook delivery arrived within 10 s (see GET /open/v1/webhook/deliveries)")


if __name__ == "__main__":
    main()
