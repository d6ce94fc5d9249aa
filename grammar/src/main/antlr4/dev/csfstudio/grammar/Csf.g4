// CSF Studio source language: one statement per line, labels before it, comments to end of line.
// The grammar only shapes text; mnemonics, modifiers, directives and operand kinds are checked by the
// assembler against the instruction and descriptor tables, so a new instruction needs no grammar change.
grammar Csf;

file : line (NEWLINE line)* EOF ;

// One line on its own, for tools that feed a file line by line (the assembler does, to stay small
// on million-line inputs).
singleLine : line NEWLINE? EOF ;

line : label* statement? ;

label : name=(IDENT | DEC) ':' ;

statement : instruction | directive ;

// IDENT carries the dotted modifiers: BRANCH.ne, RUN_FRAGMENT.tile_order=zorder
instruction : mnemonic=IDENT (operand (',' operand)*)? ;

directive
    : name=DIRECTIVE (argument (',' argument)*)?
    | name=EXPECT expectation
    ;

// .expect SUBJECT [TARGET...] [OP VALUE] [[,] key=value...]: what a run must end with. The assembler's
// ExpectationReader gives the parts their meaning (status ok, r4 == 5, word [a + 4] == 1, pixel rt(3, 4) == ...).
// A target after the first is in brackets or one name (a fault's kind): were it any expression, one that
// began with a sign could follow an expression, and deciding whether `+` or `-` continues an expression would
// read to the end of the line (a flat sum would take time quadratic in its terms).
expectation : subject=IDENT (expectTarget laterTarget*)? (comparison value)? (','? expectOption)* ;

expectTarget : '[' expr ']' | expr ;

laterTarget : '[' expr ']' | name=IDENT ;

comparison : '==' | '!=' | '<=' | '>=' | '<' | '>' ;

expectOption : key=IDENT '=' value ;

argument
    : key=IDENT '=' value   # namedArgument
    | value                 # plainArgument
    ;

value
    : '(' expr (',' expr)+ ')'  # tupleValue
    | STRING                    # stringValue
    | expr                      # exprValue
    ;

operand
    : IDENT (':' IDENT)+                                # registerList
    | '[' base=IDENT (sign=('+' | '-') '#'? expr)? ']'  # memoryOperand
    | '#'? expr                                         # exprOperand
    ;

// C precedence, tightest first.
expr
    : op=('-' | '~' | '+') expr                 # unaryExpr
    | expr op=('*' | '/' | '%') expr            # binaryExpr
    | expr op=('+' | '-') expr                  # binaryExpr
    | expr op=('<<' | '>>') expr                # binaryExpr
    | expr op='&' expr                          # binaryExpr
    | expr op='^' expr                          # binaryExpr
    | expr op='|' expr                          # binaryExpr
    | fn=IDENT '(' (expr (',' expr)*)? ')'      # callExpr
    | '(' expr ')'                              # parenExpr
    | IDENT                                     # symbolExpr
    | LOCAL_REF                                 # localRefExpr
    | (DEC | HEX | BIN)                         # numberExpr
    | FLOAT                                     # floatExpr
    ;

EXPECT    : '.' [eE] [xX] [pP] [eE] [cC] [tT] ;
DIRECTIVE : '.' [a-zA-Z_] [a-zA-Z_0-9]* ;
IDENT     : [a-zA-Z_] [a-zA-Z_0-9]* ('.' [a-zA-Z_0-9]+ ('=' [a-zA-Z_0-9]+)?)* ;
HEX       : '0' [xX] [0-9a-fA-F_]+ ;
BIN       : '0' [bB] [01_]+ ;
FLOAT     : [0-9]+ '.' [0-9]+ ([eE] [+-]? [0-9]+)? | [0-9]+ [eE] [+-]? [0-9]+ ;
LOCAL_REF : [0-9]+ [bfBF] ;
DEC       : [0-9]+ ;
STRING    : '"' (~["\\\r\n] | '\\' ~[\r\n])* '"' ;
// An unterminated string is a token of its own so the parser reports it at the quote.
UNTERMINATED_STRING : '"' (~["\\\r\n] | '\\' ~[\r\n])* ;
COMMENT   : ('//' | ';') ~[\r\n]* -> channel(HIDDEN) ;
WS        : [ \t\f\u000B]+ -> skip ;
NEWLINE   : '\r'? '\n' | '\r' ;
// Anything else becomes a token the parser rejects: the lexer never fails.
ERROR_CHAR : . ;
