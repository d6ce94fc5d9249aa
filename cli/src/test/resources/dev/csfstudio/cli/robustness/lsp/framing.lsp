# Broken frames and bodies before and after initialize: each is answered or skipped, the next request is served.
send {"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}
expect 1 -32002
raw Content-Length: abc\r\n\r\n{}
send {"jsonrpc":"2.0","id":2,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}
expect 2
send {"jsonrpc":"2.0","method":"initialized","params":{}}
raw Content-Length: -5\r\n\r\n
send {"jsonrpc":"2.0","id":3,"method":"workspace/symbol","params":{"query":"x"}}
expect 3
raw Content-Length: 99999999999999999999999\r\n\r\n
send {"jsonrpc":"2.0","id":4,"method":"workspace/symbol","params":{"query":"x"}}
expect 4
send <<200000*[>>
send {"jsonrpc":"2.0","id":5,"method":"workspace/symbol","params":{"query":"x"}}
expect 5
send {"jsonrpc":"2.0","id":6,"method":"workspace/symbol","params":{"query":"<<40000000*a>>"}}
expect 6 limit
send {"jsonrpc":"2.0","id":7,"method":"x","params":<<5000*[>><<5000*]>>}
expect 7 -32600
send {"jsonrpc":"2.0","id":8,,}
send {"jsonrpc":"2.0","id":9,"method":"workspace/executeCommand","params":{}}
expect 9
send {"jsonrpc":"2.0","id":10,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///nowhere.csf"},"position":{"line":-1,"character":-1}}}
expect 10
