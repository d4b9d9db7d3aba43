name = "fuzz"
task { driver = "docker" }
group "g0" {
  count = 0
}
group "g1" {
  count = 1
}
group "g2" {
  count = 2
}
group "g3" {
  count = 3
}
group "g4" {
  count = 4
}
group "g5" {
  count = 5
}
group "g6" {
  count = 6
}
group "g7" {
  count = 7
}
group "g8" {
  count = 8
}
group "g9" {
  count = 9
}
group "g10" {
  count = 10
}
group "g11" {
  count = 11
}
group "g12" {
  count = 12
}
group "g13" {
  count = 13
}
group "g14" {
  count = 14
}
group "g15" {
  count = 15
}
group "g16" {
  count = 16
}
group "g17" {
  count = 17
}
group "g18" {
  count = 18
}
group "g19" {
  count = 19
}
group "g20" {
  count = 20
}
group "g21" {
  count = 21
}
group "g22" {
  count = 22
}
group "g23" {
  count = 23
}
group "g24" {
  count = 24
}
group "g25" {
  count = 25
}
group "g26" {
  count = 26
}
group "g27" {
  count = 27
}
group "g28" {
  count = 28
}
group "g29" {
  count = 29
}
group "g30" {
  count = 30
}
group "g31" {
  count = 31
}
group "g32" {
  count = 32
}
group "g33" {
  count = 33
}
group "g34" {
  count = 34
}
group "g35" {
  count = 35
}
group "g36" {
  count = 36
}
group "g37" {
  count = 37
}
group "g38" {
  count = 38
}
group "g39" {
  count = 39
}
group "g40" {
  count = 40
}
group "g41" {
  count = 41
}
group "g42" {
  count = 42
}
group "g43" {
  count = 43
}
group "g44" {
  count = 44
}
group "g45" {
  count = 45
}
group "g46" {
  count = 46
}
group "g47" {
  count = 47
}
group "g48" {
  count = 48
}
group "g49" {
  count = 49
}
group "g50" {
  count = 50
}
group "g51" {
  count = 51
}
group "g52" {
  count = 52
}
group "g53" {
  count = 53
}
group "g54" {
  count = 54
}
group "g55" {
  count = 55
}
group "g56" {
  count = 56
}
group "g57" {
  count = 57
}
group "g58" {
  count = 58
}
group "g59" {
  count = 59
}
group "g60" {
  count = 60
}
note = "between the groups"
group "g61" {
  count = 61
}
group "g62" {
  count = 62
}
group "g63" {
  count = 63
}
group "g64" {
  count = 64
}
group "g65" {
  count = 65
}
group "g66" {
  count = 66
}
group "g67" {
  count = 67
}
group "g68" {
  count = 68
}
group "g69" {
  count = 69
}
group "g70" {
  count = 70
}
group "g71" {
  count = 71
}
group "g72" {
  count = 72
}
group "g73" {
  count = 73
}
group "g74" {
  count = 74
}
group "g75" {
  count = 75
}
group "g76" {
  count = 76
}
group "g77" {
  count = 77
}
group "g78" {
  count = 78
}
group "g79" {
  count = 79
}
group "g80" {
  count = 80
}
group "g81" {
  count = 81
}
group "g82" {
  count = 82
}
group "g83" {
  count = 83
}
group "g84" {
  count = 84
}
group "g85" {
  count = 85
}
group "g86" {
  count = 86
}
group "g87" {
  count = 87
}
group "g88" {
  count = 88
}
group "g89" {
  count = 89
}
group "g90" {
  count = 90
}
group "g91" {
  count = 91
}
group "g92" {
  count = 92
}
group "g93" {
  count = 93
}
group "g94" {
  count = 94
}
group "g95" {
  count = 95
}
group "g96" {
  count = 96
}
group "g97" {
  count = 97
}
group "g98" {
  count = 98
}
group "g99" {
  count = 99
}
group "g100" {
  count = 100
}
group "g101" {
  count = 101
}
group "g102" {
  count = 102
}
group "g103" {
  count = 103
}
group "g104" {
  count = 104
}
group "g105" {
  count = 105
}
group "g106" {
  count = 106
}
group "g107" {
  count = 107
}
group "g108" {
  count = 108
}
group "g109" {
  count = 109
}
group "g110" {
  count = 110
}
group "g111" {
  count = 111
}
group "g112" {
  count = 112
}
group "g113" {
  count = 113
}
group "g114" {
  count = 114
}
group "g115" {
  count = 115
}
group "g116" {
  count = 116
}
group "g117" {
  count = 117
}
group "g118" {
  count = 118
}
group "g119" {
  count = 119
}
group "g120" {
  count = 120
}
group "g121" {
  count = 121
}
group "g122" {
  count = 122
}
group "g123" {
  count = 123
}
group "g124" {
  count = 124
}
group "g125" {
  count = 125
}
group "g126" {
  count = 126
}
group "g127" {
  count = 127
}
group "g128" {
  count = 128
}
group "g129" {
  count = 129
}
group "g130" {
  count = 130
}
