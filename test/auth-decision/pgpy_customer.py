"""A customer's authorization decision endpoint made with pgpy 0.6, the Python client's PGP library.

It uses pgpy the way uqpay-sdk-python 2.0 does (facts read from its uqpay/crypto.py and
uqpay/resources/issuing/auth_decision.py, no code of theirs):
- the key pair as `generate_auth_decision_key_pair` makes it: RSA 2048, one user id with the
  usages Sign, EncryptCommunications and EncryptStorage, preferences SHA256, AES256 and ZLIB;
- payrail's public key loaded with `PGPKey.from_blob`, which is where pgpy 0.6 refuses a key whose
  preferences list SHA-3 (`14 is not a valid HashAlgorithm`);
- a request: the armored body parsed as a `PGPMessage` and decrypted with the private key, its text
  JSON-parsed; the answer `{transaction_id, response_code, partner_reference_id}` dumped with
  `json.dumps`, made a message with `PGPMessage.new` and encrypted to payrail's key, sent with 200.

One difference, on purpose: the client unpacks `PGPMessage.from_blob` as a pair, as pgpy does for
keys; pgpy 0.6 returns the message alone, so that unpacking takes the message apart and the
client's own handler cannot decrypt any message (docs/decisions/issuing/auth-decisions.md). This endpoint parses the
message as pgpy 0.6 returns it, so what is tested is pgpy against payrail.

Run: python3.11 pgpy_customer.py <decline_above>. It prints one JSON line {"url", "public_key"},
then serves on 127.0.0.1 until killed. POST /payrail-key gives it payrail's public key (400 with
pgpy's error when pgpy cannot load it); POST /auth-decision answers a decision: "51" when
billing_amount is above <decline_above>, else "00" with partner_reference_id "pgpy-<n>".
"""

import json
import sys
import warnings
from http.server import BaseHTTPRequestHandler, HTTPServer

warnings.simplefilter("ignore")

import pgpy  # noqa: E402
from pgpy.constants import (  # noqa: E402
    CompressionAlgorithm,
    HashAlgorithm,
    KeyFlags,
    PubKeyAlgorithm,
    SymmetricKeyAlgorithm,
)


def customer_key() -> pgpy.PGPKey:
    key = pgpy.PGPKey.new(PubKeyAlgorithm.RSAEncryptOrSign, 2048)
    uid = pgpy.PGPUID.new("pgpy customer", email="decisions@pgpy-customer.test")
    key.add_uid(
        uid,
        usage={KeyFlags.Sign, KeyFlags.EncryptCommunications, KeyFlags.EncryptStorage},
        hashes=[HashAlgorithm.SHA256],
        ciphers=[SymmetricKeyAlgorithm.AES256],
        compression=[CompressionAlgorithm.ZLIB],
    )
    return key


def main() -> None:
    decline_above = float(sys.argv[1])
    key = customer_key()
    state = {"payrail": None, "answered": 0}

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):  # quiet: the test reads stdout
            pass

        def reply(self, status: int, body: str) -> None:
            data = body.encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode("utf-8")
            if self.path == "/payrail-key":
                try:
                    state["payrail"], _ = pgpy.PGPKey.from_blob(body)
                except Exception as e:  # pgpy's own words, for the test to show
                    self.reply(400, json.dumps({"error": str(e)}))
                    return
                self.reply(200, json.dumps({"loaded": True}))
                return
            try:
                message = pgpy.PGPMessage.from_blob(body)
                transaction = json.loads(str(key.decrypt(message).message))
                if transaction["billing_amount"] > decline_above:
                    decision = {"response_code": "51"}
                else:
                    state["answered"] += 1
                    decision = {"response_code": "00", "partner_reference_id": "pgpy-%d" % state["answered"]}
                answer = json.dumps({
                    "transaction_id": transaction.get("transaction_id", ""),
                    "response_code": decision["response_code"],
                    "partner_reference_id": decision.get("partner_reference_id", ""),
                })
                self.reply(200, str(state["payrail"].encrypt(pgpy.PGPMessage.new(answer))))
            except Exception as e:
                self.reply(500, json.dumps({"error": str(e)}))

    server = HTTPServer(("127.0.0.1", 0), Handler)
    url = "http://127.0.0.1:%d/auth-decision" % server.server_address[1]
    print(json.dumps({"url": url, "public_key": str(key.pubkey)}), flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
