# Item 15: initializationOptions' backgroundSteps of 0 fails initialize with a sentence naming it; the server still answers.
send {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{},"initializationOptions":{"backgroundSteps":0}}}
expect 1 backgroundSteps
