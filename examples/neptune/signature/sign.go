// 计算 Neptune REST API 请求签名（X-Nep-Signature）。Go 1.19 及以上，仅用标准库。
// 运行：go run sign.go
// 输出：文档「请求签名与认证」中示例请求的签名（一行）。
package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
)

// percentEncode 按 RFC 3986 编码：除 A-Z a-z 0-9 - _ . ~ 外的字节一律编码为 %XY（大写十六进制），空格为 %20。
func percentEncode(s string) string {
	return strings.ReplaceAll(url.QueryEscape(s), "+", "%20")
}

// canonicalQuery 将名称和值分别编码后，先按名称、再按值的字节序升序排列，用 & 连接。
func canonicalQuery(params [][2]string) string {
	pairs := make([][2]string, 0, len(params))
	for _, p := range params {
		pairs = append(pairs, [2]string{percentEncode(p[0]), percentEncode(p[1])})
	}
	sort.Slice(pairs, func(i, j int) bool {
		if pairs[i][0] != pairs[j][0] {
			return pairs[i][0] < pairs[j][0]
		}
		return pairs[i][1] < pairs[j][1]
	})
	parts := make([]string, len(pairs))
	for i, p := range pairs {
		parts[i] = p[0] + "=" + p[1]
	}
	return strings.Join(parts, "&")
}

func sign(method, path string, query [][2]string, timestamp int64, nonce string, body []byte, accessKeySecret string) string {
	bodyHash := sha256.Sum256(body)
	stringToSign := strings.Join([]string{
		strings.ToUpper(method), path, canonicalQuery(query),
		strconv.FormatInt(timestamp, 10), nonce, hex.EncodeToString(bodyHash[:]),
	}, "\n")
	mac := hmac.New(sha256.New, []byte(accessKeySecret))
	mac.Write([]byte(stringToSign))
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

func main() {
	// 文档中的示例请求。实际调用时 timestamp 取 time.Now().UnixMilli()，nonce 取 16 字节随机数的十六进制。
	signature := sign(
		"POST",
		"/v2/devices/pk7Hc2xQm9A/press-01/services/setStrokeRate:invoke",
		[][2]string{{"timeout", "5000"}},
		1735689600000,
		"3f8a2c1e9b7d4f06a5e1c2d3b4a59687",
		[]byte(`{"params":{"rate":30}}`),
		"nepSk7f3a9c2e4b6d8f0a1c3e5b7d9f2a4c6e",
	)
	fmt.Println(signature)
}
