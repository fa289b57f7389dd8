"""计算 Neptune REST API 请求签名（X-Nep-Signature）。Python 3.8 及以上，仅用标准库。

运行：python3 sign.py
输出：文档「请求签名与认证」中示例请求的签名（一行）。
"""
import base64
import hashlib
import hmac
from urllib.parse import quote


def percent_encode(s: str) -> str:
    # RFC 3986 编码：除 A-Z a-z 0-9 - _ . ~ 外的字节一律编码为 %XY（大写十六进制），空格为 %20。
    return quote(s, safe="-_.~")


def canonical_query(params) -> str:
    # 名称和值分别编码后，先按名称、再按值的字节序升序排列，用 & 连接。
    pairs = sorted((percent_encode(name), percent_encode(value)) for name, value in params)
    return "&".join(f"{name}={value}" for name, value in pairs)


def sign(method, path, query, timestamp, nonce, body: bytes, access_key_secret: str) -> str:
    body_hash = hashlib.sha256(body).hexdigest()
    string_to_sign = "\n".join(
        [method.upper(), path, canonical_query(query), str(timestamp), nonce, body_hash]
    )
    digest = hmac.new(access_key_secret.encode(), string_to_sign.encode(), hashlib.sha256).digest()
    return base64.b64encode(digest).decode()


if __name__ == "__main__":
    # 文档中的示例请求。实际调用时 timestamp 取 int(time.time() * 1000)，nonce 取 uuid.uuid4().hex。
    print(
        sign(
            method="POST",
            path="/v2/devices/pk7Hc2xQm9A/press-01/services/setStrokeRate:invoke",
            query=[("timeout", "5000")],
            timestamp=1735689600000,
            nonce="3f8a2c1e9b7d4f06a5e1c2d3b4a59687",
            body=b'{"params":{"rate":30}}',
            access_key_secret="nepSk7f3a9c2e4b6d8f0a1c3e5b7d9f2a4c6e",
        )
    )
