# Item 15: initializationOptions' backgroundRun of "yes" fails initialize with a sentence naming it; the server still answers.
send {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{},"initializationOptions":{"backgroundRun":"yes"}}}
expect 1 backgroundRun
