name="é😀"   # first
block   "x" {
      inner={a=1,b=[1,2]}
  ñé  =  1
}
