# The Diplomacy engine (issue 3).
SRCS +=
