# Operators, conditionals, function calls, traversals, indexes, objects.
a = 1 + 2 * 3 - -4 % 5 / 6
b = !true || false && (1 >= 2) != (3 <= 4)
c = var.list[0].name == local.map["key"] ? upper("x") : lower("Y")
d = concat(var.a, var.b...)
e = { name = "n", "quoted" = 1, (var.k) = 2, x: 3 }
f = provider::aws::arn_parse("arn")
g = var.items.0.id
