package dev.csfstudio.program.output;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class OutputFormatTest {

    /** The json format's strings are written as Gson, HTML escaping off, writes them: its files keep their bytes. */
    @Test
    void everyCharacterIsQuotedAsGsonQuotesIt() {
        Gson gson = new GsonBuilder().disableHtmlEscaping().create();
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            String s = "a" + (char) c + "b";
            assertEquals(gson.toJson(s), OutputFormat.quoted(s), () -> "U+" + Integer.toHexString(s.charAt(1)));
        }
    }
}
