enum DiagramsPlaceholder {}
