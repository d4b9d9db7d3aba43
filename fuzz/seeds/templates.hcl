# Quoted templates with escapes, interpolation, directives and strip markers.
greeting = "Hello, ${var.name}! \"quoted\" \n\t\u00e9 $${literal} %%{literal}"
list     = "%{ for i, v in var.items ~}${i}=${v}, %{~ endfor }"
cond     = "%{ if var.enabled }on%{ else }off%{ endif }"
nested   = "outer ${ "inner ${var.x}" } done"
unicode  = "naïve café ✓ 😀"
