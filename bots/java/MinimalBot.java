// A minimal bot for the ginrummy bot protocol (docs/protocol.md): it plays the first legal action.
// Standard library only; it reads just enough of each JSON line to find "type" and "legal".
// Build and run:  javac -d out bots/java/MinimalBot.java
//                 ginrummy match "cmd:java -cp out MinimalBot" simple
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

public class MinimalBot {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.contains("\"type\": \"hello\"")) {
                say("{\"type\": \"hello\", \"protocol\": 1, \"name\": \"minimal-java\", "
                    + "\"author\": \"ginrummy\", \"variants\": [\"standard\", \"pickup\"]}");
            } else if (line.contains("\"type\": \"act\"")) {
                say("{\"action\": \"" + firstLegal(line) + "\"}");
            } else if (line.contains("\"type\": \"quit\"")) {
                return;
            }
        }
    }

    // The first string of the "legal" array (actions hold no quotes or backslashes).
    static String firstLegal(String line) {
        int at = line.indexOf("\"legal\": [");
        int start = line.indexOf('"', at + 10) + 1;
        return line.substring(start, line.indexOf('"', start));
    }

    static void say(String json) {
        System.out.println(json);
        System.out.flush();
    }
}
