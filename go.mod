module github.com/slidetable/slidetable

go 1.26.8
