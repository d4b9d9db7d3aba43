# for expressions (tuple and object, grouped, filtered) and splats.
names   = [for s in var.list : upper(s.name) if s.enabled]
by_id   = { for k, v in var.map : v.id => k... }
ids     = var.instances[*].id
attrs   = var.instances.*.attributes.name
nested  = [for x in [for y in var.z : y * 2] : x if x > 3]
full    = aws_instance.web[*].network_interface[0].id
