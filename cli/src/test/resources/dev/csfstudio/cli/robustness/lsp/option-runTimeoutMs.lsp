# Item 15: initializationOptions' runTimeoutMs of 1e18 fails initialize with a sentence naming it; the server still answers.
send {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{},"initializationOptions":{"runTimeoutMs":1e18}}}
expect 1 runTimeoutMs
