# Broken bytes: CRLF line ends, a stray BOM, invalid UTF-8, an open brace.
a = "x"
b = 1
ï»¿c = "ÿþ bad utf8"
d = {
