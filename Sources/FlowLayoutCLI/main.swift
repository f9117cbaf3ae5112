print("flowlayout: not yet implemented")
