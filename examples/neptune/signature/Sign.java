// 计算 Neptune REST API 请求签名（X-Nep-Signature）。Java 17 及以上，仅用 JDK。
// 运行：java Sign.java
// 输出：文档「请求签名与认证」中示例请求的签名（一行）。
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public class Sign {

    // RFC 3986 编码：除 A-Z a-z 0-9 - _ . ~ 外的字节一律编码为 %XY（大写十六进制），空格为 %20。
    static String percentEncode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8)
                .replace("+", "%20").replace("*", "%2A").replace("%7E", "~");
    }

    // 名称和值分别编码后，先按名称、再按值的字节序升序排列，用 & 连接。
    static String canonicalQuery(List<Map.Entry<String, String>> params) {
        List<String[]> pairs = new ArrayList<>();
        for (Map.Entry<String, String> p : params) {
            pairs.add(new String[] {percentEncode(p.getKey()), percentEncode(p.getValue())});
        }
        pairs.sort(Comparator.<String[], String>comparing(p -> p[0]).thenComparing(p -> p[1]));
        return pairs.stream().map(p -> p[0] + "=" + p[1]).collect(Collectors.joining("&"));
    }

    static String sign(String method, String path, List<Map.Entry<String, String>> query,
                       long timestamp, String nonce, byte[] body, String accessKeySecret) throws Exception {
        String bodyHash = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
        String stringToSign = String.join("\n",
                method.toUpperCase(), path, canonicalQuery(query), Long.toString(timestamp), nonce, bodyHash);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(accessKeySecret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return Base64.getEncoder().encodeToString(mac.doFinal(stringToSign.getBytes(StandardCharsets.UTF_8)));
    }

    public static void main(String[] args) throws Exception {
        // 文档中的示例请求。实际调用时 timestamp 取 System.currentTimeMillis()，
        // nonce 取 UUID.randomUUID().toString().replace("-", "")。
        String signature = sign(
                "POST",
                "/v2/devices/pk7Hc2xQm9A/press-01/services/setStrokeRate:invoke",
                List.of(Map.entry("timeout", "5000")),
                1735689600000L,
                "3f8a2c1e9b7d4f06a5e1c2d3b4a59687",
                "{\"params\":{\"rate\":30}}".getBytes(StandardCharsets.UTF_8),
                "nepSk7f3a9c2e4b6d8f0a1c3e5b7d9f2a4c6e");
        System.out.println(signature);
    }
}
