"""计算 Neptune MQTT 连接密码（一机一密）。Python 3.8 及以上，仅用标准库。

运行：python3 password.py
输出：文档「建立 MQTT 连接」中示例设备 press-01 的 MQTT password（一行）。
"""
import hashlib
import hmac


def mqtt_credentials(product_key: str, device_name: str, device_secret: str, timestamp: int) -> dict:
    content = f"deviceName={device_name}&productKey={product_key}&timestamp={timestamp}"
    return {
        "client_id": f"{product_key}.{device_name}",
        "username": f"{device_name}&{product_key}&{timestamp}",
        "password": hmac.new(device_secret.encode(), content.encode(), hashlib.sha256).hexdigest(),
    }


if __name__ == "__main__":
    # 文档中的示例设备。实际连接时 timestamp 取 int(time.time() * 1000)，每次重连都重新计算。
    credentials = mqtt_credentials(
        product_key="pk7Hc2xQm9A",
        device_name="press-01",
        device_secret="9f86d081884c7d659a2feaa0c55ad015",
        timestamp=1735689600000,
    )
    print(credentials["password"])
