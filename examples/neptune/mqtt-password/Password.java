// 计算 Neptune MQTT 连接密码（一机一密）。Java 17 及以上，仅用 JDK。
// 运行：java Password.java
// 输出：文档「建立 MQTT 连接」中示例设备 press-01 的 MQTT password（一行）。
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public class Password {

    record MqttCredentials(String clientId, String username, String password) {}

    static MqttCredentials mqttCredentials(String productKey, String deviceName, String deviceSecret, long timestamp)
            throws Exception {
        String content = "deviceName=" + deviceName + "&productKey=" + productKey + "&timestamp=" + timestamp;
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(deviceSecret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String password = HexFormat.of().formatHex(mac.doFinal(content.getBytes(StandardCharsets.UTF_8)));
        return new MqttCredentials(productKey + "." + deviceName, deviceName + "&" + productKey + "&" + timestamp, password);
    }

    public static void main(String[] args) throws Exception {
        // 文档中的示例设备。实际连接时 timestamp 取 System.currentTimeMillis()，每次重连都重新计算。
        MqttCredentials credentials = mqttCredentials(
                "pk7Hc2xQm9A", "press-01", "9f86d081884c7d659a2feaa0c55ad015", 1735689600000L);
        System.out.println(credentials.password());
    }
}
