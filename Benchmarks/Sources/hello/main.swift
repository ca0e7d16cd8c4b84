// The floor for start-up: a Swift binary that only prints a line.
print("hello")
