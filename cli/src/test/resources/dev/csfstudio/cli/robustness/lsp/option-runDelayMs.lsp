# Item 15: initializationOptions' runDelayMs of -1 fails initialize with a sentence naming it; the server still answers.
send {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{},"initializationOptions":{"runDelayMs":-1}}}
expect 1 runDelayMs
