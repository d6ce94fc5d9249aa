# Items 1 and 15: a 20000 x 20000 golden, 100,000 .expect lines, files outside the workspace, a golden update onto the stream itself.
send {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":"file://{in}","workspaceFolders":[{"uri":"file://{in}","name":"in"}],"capabilities":{}}}
expect 1
send {"jsonrpc":"2.0","method":"initialized","params":{}}
send {"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file://{in}/huge-golden.csf","languageId":"csf","version":1,"text":".include \"clear.inc\"\n.expect image color == \"golden/huge.png\"\n"}}}
event textDocument/publishDiagnostics
send {"jsonrpc":"2.0","id":2,"method":"csf/test","params":{"uri":"file://{in}/huge-golden.csf"}}
expect 2 20000
send {"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file://{in}/many.csf","languageId":"csf","version":1,"text":".stream main\n    NOP\n<<100000*.expect r1 == 0\n>>"}}}
send {"jsonrpc":"2.0","id":3,"method":"csf/test","params":{"uri":"file://{in}/many.csf"}}
expect 3
send {"jsonrpc":"2.0","id":4,"method":"textDocument/inlayHint","params":{"textDocument":{"uri":"file://{in}/many.csf"},"range":{"start":{"line":0,"character":0},"end":{"line":100002,"character":0}}}}
expect 4
send {"jsonrpc":"2.0","id":5,"method":"csf/test","params":{"uri":"file:///etc/passwd"}}
expect 5
send {"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file://{in}/golden-onto-self.csf","languageId":"csf","version":1,"text":".include \"clear.inc\"\n.expect image color == \"golden-onto-self.csf\"\n"}}}
send {"jsonrpc":"2.0","id":6,"method":"workspace/executeCommand","params":{"command":"csf.updateGolden","arguments":["file://{in}/golden-onto-self.csf",1]}}
expect 6
send {"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file://{in}/golden-onto-outside.csf","languageId":"csf","version":1,"text":".include \"clear.inc\"\n.expect image color == \"../outside.png\"\n"}}}
send {"jsonrpc":"2.0","id":7,"method":"workspace/executeCommand","params":{"command":"csf.updateGolden","arguments":["file://{in}/golden-onto-outside.csf",1]}}
expect 7
send {"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file://{in}/zero.csf","languageId":"csf","version":1,"text":".include \"/dev/zero\"\n.include \"fifo\"\n"}}}
event textDocument/publishDiagnostics zero.csf
