// 计算 Neptune MQTT 连接密码（一机一密）。Go 1.19 及以上，仅用标准库。
// 运行：go run password.go
// 输出：文档「建立 MQTT 连接」中示例设备 press-01 的 MQTT password（一行）。
package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

type mqttCredentials struct {
	ClientID, Username, Password string
}

func credentials(productKey, deviceName, deviceSecret string, timestamp int64) mqttCredentials {
	content := fmt.Sprintf("deviceName=%s&productKey=%s&timestamp=%d", deviceName, productKey, timestamp)
	mac := hmac.New(sha256.New, []byte(deviceSecret))
	mac.Write([]byte(content))
	return mqttCredentials{
		ClientID: productKey + "." + deviceName,
		Username: fmt.Sprintf("%s&%s&%d", deviceName, productKey, timestamp),
		Password: hex.EncodeToString(mac.Sum(nil)),
	}
}

func main() {
	// 文档中的示例设备。实际连接时 timestamp 取 time.Now().UnixMilli()，每次重连都重新计算。
	c := credentials("pk7Hc2xQm9A", "press-01", "9f86d081884c7d659a2feaa0c55ad015", 1735689600000)
	fmt.Println(c.Password)
}
