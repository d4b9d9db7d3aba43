# Broken: invalid characters, duplicates, stray tokens and mismatched brackets.
a = 1
a = 2
b = 1 & 2 | ~3 ^ 4;
c = 'single'
d = `back`
"quoted_name" = 3
e = (1 + ]
} } ]
f = "${ unclosed "
g = "%{ if true }x"
h = <<EOT
never closed
